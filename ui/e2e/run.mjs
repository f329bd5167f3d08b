// `npm run e2e`: builds the binary once, then runs every browser test file, six at a time.
// Each test file is its own process; left alone, each would hash the sources to find the binary
// (~0.5 s of CPU) and the first six would link it at the same moment (~2 s of CPU each). The
// path is handed down in GEREGE_E2E_BIN; `node --test ui/e2e/<file>` alone still builds it.
import { spawnSync } from 'node:child_process';
import { buildBinary } from './harness.mjs';

const bin = buildBinary();
const res = spawnSync(process.execPath, ['--test', '--test-concurrency=6', ...process.argv.slice(2), 'ui/e2e/'], {
  stdio: 'inherit',
  env: { ...process.env, GEREGE_E2E_BIN: bin },
});
if (res.error) throw res.error;
process.exit(res.status ?? 1);
