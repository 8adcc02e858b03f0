import { orderNumber, type OrderEmail } from '../../../shared/orders';
import { errorMessage } from '../../lib/api-client';
import { useDeadLetters, useResendDeadLetter } from './use-dead-letters';

const KIND_LABELS: Record<OrderEmail['kind'], string> = {
  receipt: 'Receipt',
  shipped: 'Shipping notice',
  refunded: 'Refund notice',
  partial_refund: 'Partial refund notice',
};

const dateFormatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /orders (admins): the order e-mails that failed every attempt, each with "Send again". Shown
 * only when there are some: a healthy shop sees nothing here.
 */
export function DeadLetters() {
  const letters = useDeadLetters();
  const resend = useResendDeadLetter();
  const items = letters.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="dead-letters-heading" className="card flex flex-col gap-3 border-rose-300 p-4 dark:border-rose-800">
      <h2 id="dead-letters-heading" className="text-lg font-bold">
        E-mails that could not be sent
      </h2>
      <p className="text-sm">
        These failed every attempt (the mail server refused them or did not answer). Send one again once the mail server works.
      </p>
      <ul className="flex flex-col gap-2">
        {items.map((email) => (
          <li
            key={email.id}
            data-testid="dead-letter"
            className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-2 dark:border-slate-700"
          >
            <div className="text-sm">
              <div>
                <strong>{KIND_LABELS[email.kind]}</strong> to {email.recipient} for order{' '}
                <span className="font-mono">{orderNumber(email.orderId)}</span>
              </div>
              <div className="text-slate-600 dark:text-slate-300">
                Failed {email.attempts} {email.attempts === 1 ? 'time' : 'times'}
                {email.deadAt === null ? '' : `, last on ${dateFormatter.format(new Date(email.deadAt))}`}
                {email.lastError === null ? '' : `: ${email.lastError}`}
              </div>
            </div>
            <button
              type="button"
              className="btn-secondary"
              disabled={resend.isPending && resend.variables === email.id}
              onClick={() => resend.mutate(email.id)}
            >
              Send again
              <span className="sr-only">
                {' '}
                the {KIND_LABELS[email.kind].toLowerCase()} to {email.recipient}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {resend.isError && (
        <p role="alert" className="alert-error">
          {errorMessage(resend.error, 'The e-mail could not be queued again. Please try again.')}
        </p>
      )}
    </section>
  );
}
