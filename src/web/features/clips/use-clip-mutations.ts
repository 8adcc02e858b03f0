import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteClip, updateClip } from '../../../shared/clips';
import { callApi } from '../../lib/api-client';
import { clipKeys } from './clip-query-keys';

export function useUpdateClipTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => callApi(updateClip, { params: { id }, body: { title } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipKeys.all }),
  });
}

export function useDeleteClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteClip, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipKeys.all }),
  });
}
