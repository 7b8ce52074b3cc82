import type { Hl7InboundSetting } from '../../../contract/importLogs.ts';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { useListRead } from '../lists/useListRead.ts';
import { getHl7InboundSettings } from './importLogsApi.ts';

function interfaceText(setting: Hl7InboundSetting): string {
  if (setting.receivingFacility === null) return 'not set up';
  return `${setting.receivingFacility}, imported as ${setting.importUserName ?? 'nobody'}${setting.active ? '' : ' (off)'}`;
}

/**
 * The practices' HL7 interfaces, for an administrator (module ADMIN_PRACTICES): the receiving
 * facility (MSH-6) that feeds each practice, the user the import acts as, and whether it is on.
 * "Set up HL7 interface…" (I) changes one.
 */
export function Hl7Interfaces({ revision }: { revision: number }) {
  const settings = useListRead('hl7-interfaces', revision, (signal) => getHl7InboundSettings({ signal, silent: true }));
  const ready = settings.state === 'ready' ? settings.value : null;
  return (
    <div className="import-log__detail" data-testid="hl7-interfaces">
      <LoadNotes
        what="the HL7 interfaces"
        loading={settings.state === 'loading'}
        failed={settings.state === 'failed'}
      />
      {ready && (
        <table className="import-log__interfaces" aria-label="HL7 interfaces">
          <thead>
            <tr>
              <th scope="col">Practice</th>
              <th scope="col">Group</th>
              <th scope="col">Receiving facility (MSH-6)</th>
              <th scope="col">Imported as</th>
              <th scope="col">Takes messages</th>
            </tr>
          </thead>
          <tbody>
            {ready.rows.map((setting) => (
              <tr key={setting.practiceID} aria-label={`${setting.practiceName}: ${interfaceText(setting)}`}>
                <td>{setting.practiceName}</td>
                <td>{setting.groupName}</td>
                <td>{setting.receivingFacility ?? '—'}</td>
                <td>{setting.importUserName ?? '—'}</td>
                <td>{setting.receivingFacility === null ? '—' : setting.active ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
