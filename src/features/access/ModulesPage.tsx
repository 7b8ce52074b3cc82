import type { ModuleRow } from '../../../contract/menuRoles.ts';
import { getModules } from '../../api/access.ts';
import { runCommand } from '../../console/registry.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { yesNo } from './accessText.ts';

const COLUMNS: readonly RowColumn<ModuleRow>[] = [
  { id: 'code', title: 'Code', render: (module) => module.moduleCode },
  { id: 'name', title: 'Name', render: (module) => module.moduleName },
  { id: 'type', title: 'Type', render: (module) => module.moduleType },
  { id: 'roles', title: 'Roles', align: 'right', render: (module) => module.roles.toLocaleString('en-US') },
  { id: 'builtIn', title: 'Checked by the server', render: (module) => (module.builtIn ? 'Yes' : 'No') },
  { id: 'status', title: 'Status', render: (module) => yesNo(module.active) },
];

/** /setting/modules: the privileges roles are made of. N adds one, E (or Enter) edits, A (de)activates. */
export const MODULES: ListScreenDescriptor<ModuleRow, 'module'> = {
  title: 'Modules',
  listTitle: 'All modules',
  rowName: 'module',
  columns: COLUMNS,
  rowKey: (module) => module.moduleID,
  read: async (signal) => {
    const rows = await getModules({ signal, silent: true });
    return { count: rows.length, rows };
  },
  watch: { module: 'all' },
  target: { owner: 'modules', kind: 'module', of: (module) => ({ kind: 'module', id: module.moduleID, module }) },
  open: { hint: 'edit', run: () => void runCommand('access.editModule', 'hotkey') },
  commands: {
    add: { command: 'access.newModule', hint: 'new module' },
    update: { command: 'access.editModule', hint: 'edit', forRow: () => ({}) },
    active: { command: 'access.toggleModuleActive', hint: 'active', forRow: () => ({}) },
  },
  empty: 'No modules. N adds one (“New module…” in the palette, Ctrl+K).',
};

export function ModulesPage() {
  return <ListScreen screen={MODULES} />;
}
