/**
 * The part of s3rver (an S3-compatible server for tests, npm; it ships no
 * types) that ./s3-server.ts uses.
 */
declare module 's3rver' {
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: import('node:http').Server;
  }
}
