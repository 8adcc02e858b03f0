import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createStaff,
  disableStaff,
  enableStaff,
  listStaff,
  resetStaffPassword,
  type NewAccount,
  type StaffAccount,
} from '../../../shared/staff';
import { callApi } from '../../lib/api-client';

const STAFF_KEY = ['staff'] as const;

export function useStaffList() {
  return useQuery({ queryKey: STAFF_KEY, queryFn: ({ signal }) => callApi(listStaff, { signal }) });
}

/** Account-changing calls of the Staff page; each refreshes the list. */
export function useStaffMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: STAFF_KEY });
  return {
    create: useMutation({ mutationFn: (account: NewAccount) => callApi(createStaff, { body: account }), onSuccess }),
    setDisabled: useMutation({
      mutationFn: ({ account, disabled }: { account: StaffAccount; disabled: boolean }) =>
        callApi(disabled ? disableStaff : enableStaff, { params: { id: account.id } }),
      onSuccess,
    }),
    resetPassword: useMutation({
      mutationFn: ({ account, password }: { account: StaffAccount; password: string }) =>
        callApi(resetStaffPassword, { params: { id: account.id }, body: { password } }),
      onSuccess,
    }),
  };
}
