/**
 * Where stored files live, as the configuration says (server/config.ts
 * reads the variables; this module turns them into a FilesConfig and says
 * what is wrong with them): the local folder DATA_DIR/files by default, or
 * an S3-compatible object store with FILES_URL=s3://bucket/prefix.
 * docs/decisions/file-store-s3.md
 */
import { join } from 'node:path';

export type S3FilesConfig = {
  kind: 's3';
  bucket: string;
  /** Object names start with `<prefix>/`; '' for the bucket's root. */
  prefix: string;
  /** Base URL of the S3 API, without a trailing slash (path-style requests: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string | undefined;
  /** This machine's folder for uploads being received and copies being read (DATA_DIR/tmp). */
  tempFolder: string;
};

export type FilesConfig = { kind: 'local'; folder: string } | S3FilesConfig;

/** The variables read for the file store, as server/config.ts passes them (already trimmed; '' is unset). */
export type FilesEnv = {
  FILES_URL?: string | undefined;
  FILES_S3_ENDPOINT?: string | undefined;
  FILES_S3_REGION?: string | undefined;
  FILES_S3_ACCESS_KEY_ID?: string | undefined;
  FILES_S3_SECRET_ACCESS_KEY?: string | undefined;
  FILES_S3_SESSION_TOKEN?: string | undefined;
  AWS_ACCESS_KEY_ID?: string | undefined;
  AWS_SECRET_ACCESS_KEY?: string | undefined;
  AWS_SESSION_TOKEN?: string | undefined;
};

/** S3's rules for a bucket name (the dotless, lower-case form every S3-compatible server takes). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Prefix segments: letters, digits, dots, hyphens and underscores; never '.' or '..'. */
const SEGMENT = /^[A-Za-z0-9._-]+$/;
const REGION = /^[a-z0-9-]{1,32}$/;

export class FilesConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export function localFilesConfig(dataDir: string): FilesConfig {
  return { kind: 'local', folder: join(dataDir, 'files') };
}

/** Bucket and prefix of `s3://bucket/prefix/…`; a list of problems (as `VARIABLE: message` lines) when it is not one. */
function parseS3Url(url: string): { bucket: string; prefix: string } | string {
  const match = /^s3:\/\/([^/?#]+)(\/[^?#]*)?$/.exec(url);
  if (!match) return 'FILES_URL: use s3://bucket or s3://bucket/prefix (leave it unset for the folder DATA_DIR/files)';
  const bucket = match[1]!;
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    return 'FILES_URL: the bucket name must have 3 to 63 lower-case letters, digits, dots or hyphens';
  }
  const segments = (match[2] ?? '').split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => !SEGMENT.test(segment) || segment === '.' || segment === '..')) {
    return 'FILES_URL: the prefix may have only letters, digits, dots, hyphens, underscores and slashes (no "." or ".." segments)';
  }
  return { bucket, prefix: segments.join('/') };
}

function parseEndpoint(text: string | undefined, region: string): string | string[] {
  if (text === undefined) return `https://s3.${region}.amazonaws.com`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return ['FILES_S3_ENDPOINT: must be a URL such as https://s3.sa-east-1.amazonaws.com or http://127.0.0.1:9000'];
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return ['FILES_S3_ENDPOINT: must start with https:// or http://'];
  if (url.search || url.hash || url.username || url.password) {
    return ['FILES_S3_ENDPOINT: only scheme, host, port and path (credentials go in FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY)'];
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The file store the variables describe; throws FilesConfigError listing every problem. */
export function filesConfigOf(env: FilesEnv, dataDir: string): FilesConfig {
  if (env.FILES_URL === undefined) return localFilesConfig(dataDir);
  const problems: string[] = [];
  const location = parseS3Url(env.FILES_URL);
  if (typeof location === 'string') problems.push(location);
  const region = env.FILES_S3_REGION ?? 'us-east-1';
  if (!REGION.test(region)) problems.push('FILES_S3_REGION: a region name such as sa-east-1 or us-east-1');
  const endpoint = parseEndpoint(env.FILES_S3_ENDPOINT, region);
  if (Array.isArray(endpoint)) problems.push(...endpoint);
  // The store's own names first, so the AWS_* of other tools on the machine can stay as they are.
  const accessKeyId = env.FILES_S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.FILES_S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY;
  const sessionToken = env.FILES_S3_SESSION_TOKEN ?? env.AWS_SESSION_TOKEN;
  if (!accessKeyId || !secretAccessKey) {
    problems.push('FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY: FILES_URL=s3://… needs both (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)');
  }
  if (problems.length > 0 || typeof location === 'string' || Array.isArray(endpoint)) throw new FilesConfigError(problems);
  return {
    kind: 's3',
    ...location,
    endpoint,
    region,
    accessKeyId: accessKeyId!,
    secretAccessKey: secretAccessKey!,
    sessionToken,
    tempFolder: join(dataDir, 'tmp'),
  };
}

/** How the store is named to an operator (messages, logs): the folder, or `s3://bucket/prefix`. */
export function filesLabel(files: FilesConfig): string {
  if (files.kind === 'local') return files.folder;
  return `s3://${files.bucket}${files.prefix ? `/${files.prefix}` : ''}`;
}
