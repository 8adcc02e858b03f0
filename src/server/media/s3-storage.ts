import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { CompletedPart } from '@aws-sdk/client-s3';
import type * as PresignerModule from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config';
import {
  assertMediaKey,
  contentTypeOfKey,
  MediaTooLargeError,
  type ByteRange,
  type MediaObject,
  type MediaStorage,
  type PutOptions,
} from './storage';

/** S3 parts must be at least 5 MiB (except the last); this is also the most an upload holds in memory. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

type S3Sdk = typeof S3SdkModule;

const requireModule = createRequire(import.meta.url);
/** The S3 SDK is loaded only when STORAGE=s3: it is the heaviest module the server could load. */
const loadSdk = (): S3Sdk => requireModule('@aws-sdk/client-s3') as S3Sdk;
/** The presigner only when a presigned URL is first asked for (S3_PRESIGNED_REDIRECT). */
const loadPresigner = (): typeof PresignerModule => requireModule('@aws-sdk/s3-request-presigner') as typeof PresignerModule;

function isNotFound({ S3ServiceException }: S3Sdk, error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/**
 * Media in an S3-compatible bucket. Uploads of unknown length are sent as a multipart upload,
 * one part buffered at a time, so memory stays bounded by S3_PART_BYTES whatever the file size;
 * small files go in one PutObject. A failed upload is aborted, leaving nothing behind.
 */
export function createS3Storage(options: S3Settings): MediaStorage {
  const sdk = loadSdk();
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    PutObjectCommand,
    S3Client,
    UploadPartCommand,
  } = sdk;
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    // Without keys in the configuration, the SDK's default credential chain (AWS_* variables, a
    // profile, the instance's or task's IAM role) provides them, session tokens included.
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async put(key: string, body: Readable, { contentType, maxBytes }: PutOptions) {
      assertMediaKey(key);
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let size = 0;

      const flushPart = async (): Promise<void> => {
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }))).UploadId;
        const PartNumber = parts.length + 1;
        const part = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: part, ContentLength: part.length }),
        );
        parts.push({ ETag, PartNumber });
      };

      try {
        for await (const chunk of body) {
          const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          size += buffer.length;
          if (size > maxBytes) throw new MediaTooLargeError(maxBytes);
          pending.push(buffer);
          pendingBytes += buffer.length;
          if (pendingBytes >= S3_PART_BYTES) await flushPart();
        }
        if (uploadId === undefined) {
          const whole = Buffer.concat(pending, pendingBytes);
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: whole, ContentLength: whole.length, ContentType: contentType }));
        } else {
          if (pendingBytes > 0) await flushPart();
          await client.send(
            new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
          );
        }
      } catch (error) {
        body.destroy();
        if (uploadId !== undefined) {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
        }
        throw error;
      }
      return { size };
    },

    async stat(key: string): Promise<MediaObject | null> {
      assertMediaKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? contentTypeOfKey(key),
          lastModified: head.LastModified ?? new Date(0),
          etag: head.ETag ?? `"${key}"`,
        };
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },

    async read(key: string, range?: ByteRange) {
      assertMediaKey(key);
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return object.Body;
    },

    async presignedUrl(key: string, ttlSeconds: number) {
      assertMediaKey(key);
      // Signed with the client's own credentials: a session token goes into the URL with them.
      return loadPresigner().getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: ttlSeconds });
    },

    async remove(key: string) {
      assertMediaKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async close() {
      client.destroy();
    },
  };
}
