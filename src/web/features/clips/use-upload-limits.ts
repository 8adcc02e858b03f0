import { useQuery } from '@tanstack/react-query';
import { clipUploadLimits } from '../../../shared/clips';
import { callApi } from '../../lib/api-client';
import { clipKeys } from './clip-query-keys';

/** The server's upload limits (MAX_CLIP_BYTES is configurable), checked before sending. */
export function useUploadLimits() {
  return useQuery({
    queryKey: clipKeys.uploadLimits,
    queryFn: ({ signal }) => callApi(clipUploadLimits, { signal }),
    staleTime: Infinity,
  });
}
