import { Button } from '@/components/button/Button';

interface AddFormProps<Field extends string> {
  /** Prefix of the inputs' ids (`<idPrefix>-<field>`). */
  idPrefix: string;
  title: string;
  fields: readonly { name: Field; label: string }[];
  values: Record<Field, string>;
  onChange: (values: Record<Field, string>) => void;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
}

/** A one-line form adding a country or a service: every field required. */
export function AddForm<Field extends string>({ idPrefix, title, fields, values, onChange, submitLabel, busy, onSubmit }: AddFormProps<Field>) {
  return (
    <form
      className="catalogue__form catalogue__form--inline"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 className="catalogue__subtitle">{title}</h3>
      {fields.map(({ name, label }) => (
        <div className="field" key={name}>
          <label className="field__label" htmlFor={`${idPrefix}-${name}`}>
            {label}
          </label>
          <input
            id={`${idPrefix}-${name}`}
            className="field__control"
            required
            value={values[name]}
            onChange={(e) => onChange({ ...values, [name]: e.target.value })}
          />
        </div>
      ))}
      <div className="catalogue__actions">
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
