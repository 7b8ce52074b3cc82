import type { ReactNode } from 'react';
import { registerAllCommands } from '../../../commands/index.ts';
import { ConsoleRoot } from '../../console/ConsoleRoot.tsx';
import { BulkRunDock } from '../bulk/BulkRunDock.tsx';
import { useScopeRevision } from '../organisationSelector/index.ts';
import { ui } from '../../state/ui.ts';
import { useStore } from '../../state/useStore.ts';
import { Header } from './Header.tsx';
import { Sidebar } from './Sidebar.tsx';
import './shell.css';

/** Header across the top, the menu on the left, the screen in the rest. */
export function AppShell({ children }: { children: ReactNode }) {
  const { menuOpen } = useStore(ui);
  // A new organisation selection draws the screen again: every list reads within the new scope.
  const scopeRevision = useScopeRevision();
  return (
    <div className={menuOpen ? 'shell' : 'shell shell--menu-closed'}>
      <Header />
      {menuOpen && <Sidebar />}
      <main className="shell__content" key={scopeRevision}>
        {children}
      </main>
      <ConsoleRoot register={registerAllCommands} />
      <BulkRunDock />
    </div>
  );
}
