import { Toaster } from 'react-hot-toast';
import { useWhiteLabel } from '../branding/useWhiteLabel.ts';
import { useInactivityLogout } from '../features/session/useInactivityLogout.ts';
import { session } from '../state/session.ts';
import { ui } from '../state/ui.ts';
import { useStore } from '../state/useStore.ts';
import { BusyBar } from '../ui/BusyBar.tsx';
import { RouteGate } from './RouteGate.tsx';

export function App() {
  useWhiteLabel();
  const { user } = useStore(session);
  const { spinnerCount } = useStore(ui);
  useInactivityLogout(user !== null);
  return (
    <>
      <BusyBar busy={spinnerCount > 0} />
      <RouteGate />
      <Toaster position="bottom-right" gutter={8} containerStyle={{ bottom: 16, right: 16 }} />
    </>
  );
}
