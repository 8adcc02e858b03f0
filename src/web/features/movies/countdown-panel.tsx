import { useEffect, useState } from 'react';
import { countdown, countdownMessages, COUNTDOWN_TICK_MS } from '../../../domain/countdown';
import { pad2 } from '../../../domain/format';
import { PRODUCT_NAME } from '../../../shared/product';

function useNow(tickMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}

/** The countdown to 1 May (spec section 4), ticking every second; during May it celebrates instead. */
export function CountdownPanel() {
  const state = countdown(useNow(COUNTDOWN_TICK_MS));

  if (state.kind === 'may') {
    const [enjoy, resume] = countdownMessages(PRODUCT_NAME);
    return (
      <section aria-labelledby="countdown-heading" className="card flex flex-col items-center gap-2 p-6 text-center">
        <h2 id="countdown-heading" className="text-2xl font-black text-amber-500 sm:text-3xl">
          {enjoy}
        </h2>
        <p className="text-slate-600 dark:text-slate-300">{resume}</p>
      </section>
    );
  }

  const units = [
    { label: 'D', name: 'days', value: String(state.days) },
    { label: 'H', name: 'hours', value: pad2(state.hours) },
    { label: 'M', name: 'minutes', value: pad2(state.minutes) },
    { label: 'S', name: 'seconds', value: pad2(state.seconds) },
  ];
  return (
    <section aria-labelledby="countdown-heading" className="card flex flex-col items-center gap-4 p-6 text-center">
      <h2 id="countdown-heading" className="text-lg font-bold">
        Countdown to {PRODUCT_NAME} {state.target.getFullYear()} · 1 May
      </h2>
      <div role="timer" aria-live="off" aria-atomic="true" className="flex gap-2 sm:gap-4" data-testid="countdown">
        {units.map((unit) => (
          <div key={unit.label} className="countdown-unit" data-unit={unit.label}>
            <span className="countdown-value">{unit.value}</span>
            <span className="countdown-label">
              <span aria-hidden="true">{unit.label}</span>
              <span className="sr-only">{unit.name}</span>
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
