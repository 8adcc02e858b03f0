import { useState } from 'react';

type ConfirmButtonProps = {
  /** The button's words ("Close the league…"). */
  label: string;
  /** The question asked before it happens. */
  question: string;
  confirm: string;
  cancel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
};

/** A button that asks first, in place: the question with a confirm and a cancel button. */
export function ConfirmButton({ label, question, confirm, cancel = 'Cancel', busy = false, danger = true, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        className={danger ? 'btn-primary bg-rose-700 text-white hover:bg-rose-800' : 'btn-primary'}
        disabled={busy}
        onClick={onConfirm}
      >
        {confirm}
      </button>
      <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
        {cancel}
      </button>
    </span>
  );
}
