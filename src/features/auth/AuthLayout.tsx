import type { ReactNode } from 'react';
import { DEFAULT_WHITE_LABEL } from '../../../contract/whiteLabel.ts';
import { login } from '../../state/login.ts';
import { useStore } from '../../state/useStore.ts';
import './auth.css';

/** The branded card every sign-in screen sits in: the group's logo, title, colours and its two images beside it. */
export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const branding = useStore(login).whiteLabelSetup ?? DEFAULT_WHITE_LABEL;
  return (
    <div className="auth" style={{ background: branding.secondaryColor }}>
      <main className="auth__card">
        <header className="auth__brand">
          <img
            className="auth__logo"
            src={branding.logo ?? DEFAULT_WHITE_LABEL.logo ?? ''}
            alt=""
            width={40}
            height={40}
          />
          <div>
            <h1 className="auth__title">{branding.title}</h1>
            <p className="auth__subtitle">{subtitle}</p>
          </div>
        </header>
        {children}
      </main>
      {(branding.image1 ?? branding.image2) && (
        <aside className="auth__images" aria-label={`${branding.title} images`}>
          {branding.image1 && <img className="auth__image" src={branding.image1} alt="" />}
          {branding.image2 && <img className="auth__image" src={branding.image2} alt="" />}
        </aside>
      )}
    </div>
  );
}
