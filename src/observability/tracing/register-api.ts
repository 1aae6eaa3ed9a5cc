import path from 'node:path';
import { registerTracing } from './register';

// Imported first by src/server.ts (see register.ts).
registerTracing(path.resolve(__dirname, '..', '..', 'server.ts'), 'lastro-api');
