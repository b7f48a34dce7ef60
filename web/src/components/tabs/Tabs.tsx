import './Tabs.css';

interface TabsProps<T extends string> {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}

/** A small segmented filter (Active / Deactive, Inbox / Sent): a group of pressed/unpressed buttons. */
export function Tabs<T extends string>({ label, options, value, onChange }: TabsProps<T>) {
  return (
    <div className="tabs" role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value} type="button" aria-pressed={option.value === value} className="tabs__tab" onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
