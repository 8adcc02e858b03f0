import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listDeadLetters, resendDeadLetter } from '../../../shared/orders';
import { callApi } from '../../lib/api-client';
import { showToast } from '../../components/toast';

const deadLetterKey = ['orders', 'dead-letters'] as const;

/** Admins: the order e-mails that failed every attempt (decision 172). */
export function useDeadLetters() {
  return useQuery({
    queryKey: deadLetterKey,
    queryFn: ({ signal }) => callApi(listDeadLetters, { signal }),
    staleTime: 0,
  });
}

/** Queues a dead letter again; the list is read again, so it leaves it. */
export function useResendDeadLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(resendDeadLetter, { params: { id } }),
    onSuccess: (email) => {
      showToast(`The e-mail to ${email.recipient} is queued again`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadLetterKey }),
  });
}
