import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { MediaStorage } from './storage';

export function createStorage(config: Config['storage']): MediaStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.root);
}
