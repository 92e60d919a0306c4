// The rooms of DESIGN.md section 5, bottom to top. A room imports only rooms on a lower level:
// never one above it, never a sibling on its own level. The engines of the use cases, plan/,
// apply/, drift/ and export/, sit between the shells and workflows/.
const LEVELS = [
  ['contract'],
  ['api', 'core', 'output'],
  ['config', 'state', 'render', 'measure', 'emulator'],
  ['plan', 'apply', 'drift', 'export'],
  ['workflows'],
  ['cli'],
];

const roomRules = LEVELS.flatMap((rooms, level) =>
  rooms.map((room) => {
    const allowed = LEVELS.slice(0, level).flat();
    return {
      name: `room-${room}`,
      comment: `src/${room}/ imports only rooms below it (${allowed.join(', ') || 'none'}): DESIGN.md section 5`,
      severity: 'error',
      from: { path: `^src/${room}/` },
      to: { path: '^src/', pathNot: [`^src/(${[room, ...allowed].join('|')})/`] },
    };
  }),
);

// The emulator's own rooms (DESIGN.md sections 4 and 5), bottom to top, read the same way: a room
// imports only rooms on a lower level, never a sibling. state/ is what the emulator keeps; route/
// is what a route is (its context, its reply, its refusals, the parsing of its query and body)
// and metrics/ the metric engine, which knows nothing of routes; pm/, git/, lists/ and
// measurements/ are the families of endpoints, each its routes and its rules; fixture/ loads,
// checks (by those rules), generates and turns a fixture into state; store.ts holds the running
// service's memory; http/ is the server; index.ts starts it all and is the emulator's API.
const EMULATOR_LEVELS = [
  ['state'],
  ['route', 'metrics'],
  ['pm', 'git', 'lists', 'measurements'],
  ['fixture'],
  ['store.ts'],
  ['http'],
  ['index.ts'],
];

const emulatorPath = (room) => (room.endsWith('.ts') ? `src/emulator/${room.replace('.', '\\.')}$` : `src/emulator/${room}/`);

const emulatorRoomRules = EMULATOR_LEVELS.flatMap((rooms, level) =>
  rooms.map((room) => {
    const allowed = EMULATOR_LEVELS.slice(0, level).flat();
    return {
      name: `emulator-${room.replace('.ts', '')}`,
      comment: `src/emulator/${room} imports only the emulator's rooms below it (${allowed.join(', ') || 'none'}): DESIGN.md section 5`,
      severity: 'error',
      from: { path: `^${emulatorPath(room)}` },
      to: { path: '^src/emulator/', pathNot: [room, ...allowed].map((r) => `^${emulatorPath(r)}`) },
    };
  }),
);

// The config parts (TypeBox), which the package leaves out (package.json "files").
const CONFIG_PARTS = ['^src/core/config-schema/', '^src/core/kinds/[^/]+/config\\.ts$', '^src/core/kinds/shared/config-[^/]+\\.ts$'];

module.exports = {
  forbidden: [
    ...roomRules,
    ...emulatorRoomRules,
    {
      name: 'no-circular',
      comment: 'No import cycles between files (type-only imports included): DESIGN.md section 5',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'config-yaml-below-config',
      comment: 'src/config/yaml/ (text to placed data, located diagnostics) is the bottom of config/: it imports nothing else of config/',
      severity: 'error',
      from: { path: '^src/config/yaml/' },
      to: { path: '^src/config/', pathNot: '^src/config/yaml/' },
    },
    {
      name: 'contract-imports-nothing',
      comment: 'contract/ is what the service is: no package, no node:* module',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { pathNot: '^src/contract/' },
    },
    {
      name: 'measure-render-below-measure',
      comment: 'measure/render/ turns one result into text: of the rest of measure/ it reads only the result (result-model.ts) and the format registry (output-formats.ts), never the run, the request checks or the store above it',
      severity: 'error',
      from: { path: '^src/measure/render/' },
      to: { path: '^src/measure/', pathNot: ['^src/measure/render/', '^src/measure/result-model\\.ts$', '^src/measure/output-formats\\.ts$'] },
    },
    {
      name: 'kind-imports-no-other-kind',
      comment: 'One kind of object, one place (DESIGN.md section 5.1): a kind (src/core/kinds/X.ts, or the folder src/core/kinds/X/ when it takes several files) imports nothing of another kind; only the registry gathers them, and what kinds share lives in src/core/kinds/shared/, src/core/kinds/kind.ts or below core/',
      severity: 'error',
      from: { path: '^src/core/kinds/([^/.]+)', pathNot: '^src/core/kinds/registry\\.ts$' },
      to: { path: '^src/core/kinds/', pathNot: ['^src/core/kinds/$1(/|\\.ts$)', '^src/core/kinds/shared/', '^src/core/kinds/kind\\.ts$'] },
    },
    {
      name: 'kind-facets-through-the-registry',
      comment: 'The rest of the house reaches a kind through the registry (DESIGN.md section 5.1): outside src/core/kinds/, a file imports of a kind folder only its address form (address.ts), its change target (target.ts) and its config part (config.ts, for its type); its diff, calls, reads, export and the rest are the registry\'s to hand out',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/core/kinds/' },
      to: { path: '^src/core/kinds/[^/]+/', pathNot: ['^src/core/kinds/shared/', '^src/core/kinds/[^/]+/(address|target|config)\\.ts$'] },
    },
    {
      name: 'config-parts-not-at-run-time',
      comment: 'The config parts (TypeBox: src/core/config-schema/, each kind\'s config.ts, kinds/shared/config-*.ts) make the editor schema and the config\'s types at build time; the package leaves them out and TypeBox is not installed with it, so run-time code imports them for types only',
      severity: 'error',
      from: { path: '^src/', pathNot: CONFIG_PARTS },
      to: { path: CONFIG_PARTS, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'typebox-only-in-config-parts',
      comment: 'TypeBox is a build-time dependency: only the config parts import it',
      severity: 'error',
      from: { path: '^src/', pathNot: CONFIG_PARTS },
      to: { path: 'node_modules/@sinclair/typebox/' },
    },
    {
      name: 'measure-formats-import-nothing',
      comment: 'The format registry is loaded by every start of emctl (--help, completion): it imports nothing, so it never pulls a renderer or the request checks in',
      severity: 'error',
      from: { path: '^src/measure/output-formats\\.ts$' },
      to: {},
    },
    {
      name: 'core-is-pure',
      comment: 'core/ has no I/O: no node:* module, undici or yaml (DESIGN.md section 5)',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-io-packages',
      comment: 'core/ has no I/O: no node:* module, undici or yaml (DESIGN.md section 5)',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: 'node_modules/(undici|yaml)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
