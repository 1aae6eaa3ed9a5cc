import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { stopChild } from '../../src/shared/processes';
import { freePort } from './ports';
import { attachTimeSkippingEnv, spawnTestServer } from './temporal-env';

const ARCHIVE_DIR = path.resolve(__dirname, '..', '..', '.cache', 'test');

/**
 * An AppCDS archive of the Java test server's classes, for LASTRO_TEST_SERVER_CDS: every test
 * file starts a server of its own, and with the archive each start costs a third of the CPU
 * (measured: ~1.0 s to ~0.35 s to the open port). Dumped once per server binary and JDK (the
 * file is named after both; a JDK refuses another's archive anyway), by a server that answered
 * what a test file's environment asks at start, so those classes are in it too. Undefined when
 * no archive can be made (a server that is not a JVM, such as the SDK's own download): the
 * servers then start as they always did.
 */
export async function ensureTestServerArchive(bin: string): Promise<string | undefined> {
  const file = path.join(ARCHIVE_DIR, `temporal-test-server-${archiveKey(bin)}.jsa`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(ARCHIVE_DIR, { recursive: true });
  // Written beside and renamed: two runs dumping at once never leave a half-written archive.
  const partial = `${file}.${process.pid}`;
  const port = await freePort();
  const server = await spawnTestServer(bin, port, [`-XX:ArchiveClassesAtExit=${partial}`]);
  try {
    await (await attachTimeSkippingEnv(port)).teardown();
  } finally {
    // The JVM dumps the archive as it exits.
    await stopChild(server, 60_000);
  }
  if (!fs.existsSync(partial)) return undefined;
  fs.renameSync(partial, file);
  return file;
}

function archiveKey(bin: string): string {
  const real = fs.realpathSync(bin);
  // `java -version` prints to stderr; no java on PATH leaves it empty (the key need only be stable).
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr ?? '';
  return createHash('sha256').update(`${real}\n${fs.statSync(real).mtimeMs}\n${java}`).digest('hex').slice(0, 16);
}
