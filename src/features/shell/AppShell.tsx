import type { ReactNode } from 'react';
import { ui } from '../../state/ui.ts';
import { useStore } from '../../state/useStore.ts';
import { Header } from './Header.tsx';
import { Sidebar } from './Sidebar.tsx';
import './shell.css';

/** Header across the top, the menu on the left, the screen in the rest. */
export function AppShell({ children }: { children: ReactNode }) {
  const { menuOpen } = useStore(ui);
  return (
    <div className={menuOpen ? 'shell' : 'shell shell--menu-closed'}>
      <Header />
      {menuOpen && <Sidebar />}
      <main className="shell__content">{children}</main>
    </div>
  );
}
