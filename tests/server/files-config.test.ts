/**
 * Where stored files live, as configured (issue 25, "several machines"):
 * without FILES_URL the folder DATA_DIR/files; FILES_URL=s3://bucket/prefix
 * with its endpoint, region and credentials (the store's own names before
 * AWS_*); every wrong value stops the start naming the variable. And the
 * requests' Signature V4, checked against the examples AWS publishes for
 * S3 (s3rver, the test server, checks only the key id).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { signedHeaders } from '@server/files/s3-client';

const S3 = { FILES_URL: 's3://higiene-arquivos/producao', FILES_S3_ACCESS_KEY_ID: 'CHAVE', FILES_S3_SECRET_ACCESS_KEY: 'segredo' };

describe('FILES_URL and the FILES_S3_* variables', () => {
  it('keeps files in DATA_DIR/files without FILES_URL (also when FILES_URL is empty)', () => {
    for (const env of [{ DATA_DIR: '/srv/ho' }, { DATA_DIR: '/srv/ho', FILES_URL: ' ' }]) {
      expect(loadConfig(env).files).toEqual({ kind: 'local', folder: join('/srv/ho', 'files') });
    }
  });

  it.each([
    ['s3://higiene-arquivos', { bucket: 'higiene-arquivos', prefix: '' }],
    ['s3://higiene-arquivos/', { bucket: 'higiene-arquivos', prefix: '' }],
    ['s3://higiene-arquivos/producao', { bucket: 'higiene-arquivos', prefix: 'producao' }],
    ['s3://higiene.arquivos/cliente_1/anexos-2026/', { bucket: 'higiene.arquivos', prefix: 'cliente_1/anexos-2026' }],
    ['s3://abc//a//b', { bucket: 'abc', prefix: 'a/b' }],
  ])('reads %s as bucket and prefix', (url, expected) => {
    expect(loadConfig({ ...S3, FILES_URL: url }).files).toMatchObject({ kind: 's3', ...expected });
  });

  it('defaults the region to us-east-1 and the endpoint to AWS in that region; temporary files go to DATA_DIR/tmp', () => {
    expect(loadConfig({ ...S3, DATA_DIR: '/srv/ho' }).files).toEqual({
      kind: 's3',
      bucket: 'higiene-arquivos',
      prefix: 'producao',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      accessKeyId: 'CHAVE',
      secretAccessKey: 'segredo',
      sessionToken: undefined,
      tempFolder: join('/srv/ho', 'tmp'),
    });
    expect(loadConfig({ ...S3, FILES_S3_REGION: 'sa-east-1' }).files).toMatchObject({ endpoint: 'https://s3.sa-east-1.amazonaws.com' });
  });

  it.each([
    ['http://127.0.0.1:9000', 'http://127.0.0.1:9000'],
    ['https://minio.empresa.com.br/', 'https://minio.empresa.com.br'],
    ['https://armazem.empresa.com.br/s3/', 'https://armazem.empresa.com.br/s3'],
  ])('takes the endpoint %s as %s', (endpoint, expected) => {
    expect(loadConfig({ ...S3, FILES_S3_ENDPOINT: endpoint }).files).toMatchObject({ endpoint: expected });
  });

  it('takes the credentials from FILES_S3_* before AWS_*, and from AWS_* alone', () => {
    const aws = { AWS_ACCESS_KEY_ID: 'AWSID', AWS_SECRET_ACCESS_KEY: 'awssecret', AWS_SESSION_TOKEN: 'token' };
    expect(loadConfig({ ...S3, ...aws }).files).toMatchObject({ accessKeyId: 'CHAVE', secretAccessKey: 'segredo', sessionToken: 'token' });
    expect(loadConfig({ FILES_URL: S3.FILES_URL, ...aws }).files).toMatchObject({ accessKeyId: 'AWSID', secretAccessKey: 'awssecret' });
  });

  it.each([
    [{ FILES_URL: 'file:///srv/arquivos' }, /FILES_URL: use s3:\/\/bucket/],
    [{ FILES_URL: 'https://higiene-arquivos.s3.amazonaws.com' }, /FILES_URL: use s3:\/\/bucket/],
    [{ FILES_URL: 's3://Higiene_Arquivos' }, /FILES_URL: the bucket name/],
    [{ FILES_URL: 's3://ab' }, /FILES_URL: the bucket name/],
    [{ FILES_URL: 's3://higiene-arquivos/../outro' }, /FILES_URL: the prefix/],
    [{ FILES_URL: 's3://higiene-arquivos/pasta com espaço' }, /FILES_URL: the prefix/],
    [{ FILES_URL: 's3://higiene-arquivos/x?versionId=1' }, /FILES_URL: use s3:\/\/bucket/],
    [{ FILES_S3_ENDPOINT: 'minio:9000' }, /FILES_S3_ENDPOINT: must start with https:\/\/ or http:\/\//],
    [{ FILES_S3_ENDPOINT: 'não é url' }, /FILES_S3_ENDPOINT: must be a URL/],
    [{ FILES_S3_ENDPOINT: 'https://chave:segredo@minio.local' }, /FILES_S3_ENDPOINT: only scheme, host, port and path/],
    [{ FILES_S3_REGION: 'São Paulo' }, /FILES_S3_REGION/],
    [{ FILES_S3_SECRET_ACCESS_KEY: '' }, /FILES_URL=s3:\/\/… needs both/],
  ])('refuses %o, naming the variable', (change, message) => {
    const env = { ...S3, ...change };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every problem at once', () => {
    const env = { FILES_URL: 's3://X', FILES_S3_ENDPOINT: 'ftp://host' };
    expect(() => loadConfig(env)).toThrow(/bucket name[\s\S]*FILES_S3_ENDPOINT[\s\S]*needs both/);
  });
});

describe('Signature V4 of the object store requests', () => {
  // AWS's examples for S3 ("Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk").
  const EXAMPLE = {
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    sessionToken: undefined,
  };
  const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

  it.each([
    [
      'PUT Object',
      'PUT',
      'https://examplebucket.s3.amazonaws.com/test%24file.text',
      {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      },
      'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    ],
    [
      'GET Bucket lifecycle',
      'GET',
      'https://examplebucket.s3.amazonaws.com/?lifecycle',
      { 'x-amz-content-sha256': EMPTY },
      'host;x-amz-content-sha256;x-amz-date',
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    ],
    [
      'GET Bucket (list objects)',
      'GET',
      'https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J',
      { 'x-amz-content-sha256': EMPTY },
      'host;x-amz-content-sha256;x-amz-date',
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    ],
  ])('signs AWS example %s as AWS does', async (_name, method, url, headers, signed, signature) => {
    const result = await signedHeaders(EXAMPLE, { method, url, headers, datetime: '20130524T000000Z' });
    expect(result.get('authorization')).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=${signed}, Signature=${signature}`,
    );
  });
});
