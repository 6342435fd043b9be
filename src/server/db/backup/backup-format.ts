// A backup file: a first line naming the format, a line of JSON (when it was taken, DATA_DIR's generated JWT
// secret if there is one, the size of what follows), then PGlite's gzipped tarball of its data directory.
// The size tells a whole file from a cut-off one before anything is loaded.

const FORMAT_LINE = 'fundscape-backup 1\n';

export interface Backup {
  takenAt: Date;
  /** DATA_DIR's jwt-secret file; null when the app was given JWT_SECRET instead. */
  jwtSecret: string | null;
  /** PGlite's dumpDataDir() tarball. */
  dataDir: Buffer;
}

interface Header {
  taken_at: string;
  jwt_secret: string | null;
  data_dir_bytes: number;
}

export class BackupFileError extends Error {}

export function encodeBackup(backup: Backup): Buffer {
  const header: Header = {
    taken_at: backup.takenAt.toISOString(),
    jwt_secret: backup.jwtSecret,
    data_dir_bytes: backup.dataDir.length,
  };
  return Buffer.concat([Buffer.from(`${FORMAT_LINE}${JSON.stringify(header)}\n`), backup.dataDir]);
}

function readHeader(line: string): Header {
  let header: Partial<Header>;
  try {
    header = JSON.parse(line) as Partial<Header>;
  } catch {
    throw new BackupFileError('its header is not readable');
  }
  const secretOk = header.jwt_secret === null || (typeof header.jwt_secret === 'string' && header.jwt_secret !== '');
  if (typeof header.taken_at !== 'string' || Number.isNaN(Date.parse(header.taken_at)) || !secretOk || !Number.isSafeInteger(header.data_dir_bytes)) {
    throw new BackupFileError('its header is not readable');
  }
  return header as Header;
}

/** The backup a file holds; throws BackupFileError when it is not a whole Fundscape backup. */
export function decodeBackup(bytes: Buffer): Backup {
  if (!bytes.subarray(0, FORMAT_LINE.length).equals(Buffer.from(FORMAT_LINE))) {
    throw new BackupFileError('it is not a Fundscape backup (npm run backup writes them)');
  }
  const headerEnd = bytes.indexOf('\n', FORMAT_LINE.length);
  if (headerEnd === -1) throw new BackupFileError('it ends inside its header');
  const header = readHeader(bytes.subarray(FORMAT_LINE.length, headerEnd).toString('utf8'));
  const dataDir = bytes.subarray(headerEnd + 1);
  if (dataDir.length !== header.data_dir_bytes) {
    throw new BackupFileError(`it holds ${dataDir.length} bytes of database where its header says ${header.data_dir_bytes}: it is cut off or damaged`);
  }
  return { takenAt: new Date(header.taken_at), jwtSecret: header.jwt_secret, dataDir };
}
