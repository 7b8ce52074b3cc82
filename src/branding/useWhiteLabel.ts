import { useEffect } from 'react';
import { DEFAULT_WHITE_LABEL, type WhiteLabelSetup } from '../../contract/whiteLabel.ts';
import { getWhiteLabelSetup } from '../api/branding.ts';
import { login, setWhiteLabelSetup } from '../state/login.ts';
import { useStore } from '../state/useStore.ts';
import { subdomainOf } from './subdomain.ts';

function applyToDocument(setup: WhiteLabelSetup): void {
  const root = document.documentElement.style;
  root.setProperty('--accent', setup.primaryColor);
  root.setProperty('--accent-soft', setup.secondaryColor);
  document.title = setup.title;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const favicon = setup.favicon ?? DEFAULT_WHITE_LABEL.favicon;
  if (icon && favicon) icon.href = favicon;
}

/**
 * The branding of this host (SPEC point 1), fetched once per page load and kept in the login
 * store so a reload paints the last known branding at once. Returns the branding to draw with.
 */
export function useWhiteLabel(): WhiteLabelSetup {
  const setup = useStore(login).whiteLabelSetup ?? DEFAULT_WHITE_LABEL;

  useEffect(() => {
    let current = true;
    void getWhiteLabelSetup(subdomainOf(window.location.hostname)).then((fetched) => {
      if (current) setWhiteLabelSetup(fetched);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => applyToDocument(setup), [setup]);
  return setup;
}
