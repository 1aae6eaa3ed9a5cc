import path from 'node:path';
import { registerTracing } from './register';

// Imported first by worker/index.ts (see register.ts).
registerTracing(path.resolve(__dirname, '..', '..', '..', 'worker', 'index.ts'), 'lastro-worker');
