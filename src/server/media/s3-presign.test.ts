import { describe, expect, it } from 'vitest';
import { presignGetUrl } from './s3-presign';

describe('presignGetUrl', () => {
  it('signs the example of AWS "Authenticating Requests: Using Query Parameters (SigV4)" exactly', () => {
    const url = presignGetUrl(
      {
        endpoint: 'https://s3.amazonaws.com',
        bucket: 'examplebucket',
        region: 'us-east-1',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        forcePathStyle: false,
      },
      'test.txt',
      86400,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('puts the bucket in the path with path-style addressing', () => {
    const url = new URL(
      presignGetUrl(
        {
          endpoint: 'http://127.0.0.1:9000',
          bucket: 'media',
          region: 'eu-west-1',
          accessKeyId: 'a',
          secretAccessKey: 'b',
          forcePathStyle: true,
        },
        'abc.mp4',
        60,
      ),
    );
    expect(url.host).toBe('127.0.0.1:9000');
    expect(url.pathname).toBe('/media/abc.mp4');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
  });
});
