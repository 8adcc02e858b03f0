/** A labelled text input of the account forms (new staff account, first admin): label above, `id` = `${idPrefix}-${name}`. */
export function TextField({ idPrefix, name, label, type, autoComplete }: { idPrefix: string; name: string; label: string; type: string; autoComplete: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${idPrefix}-${name}`} className="font-semibold">
        {label}
      </label>
      <input id={`${idPrefix}-${name}`} name={name} type={type} autoComplete={autoComplete} className="input" />
    </div>
  );
}
