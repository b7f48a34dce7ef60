import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

interface EditGridProps {
  caption: string;
  testId: string;
  /** The headers of the row's name and of its editable fields. */
  headers: string[];
  /** One edit row each (its fields, Save, and the save's result). */
  children: ReactNode;
}

/** A grid of rows edited in place: the headers, then Save and the result of each row's last save. */
export function EditGrid({ caption, testId, headers, children }: EditGridProps) {
  const { t } = useTranslation('ops-catalogue');
  return (
    <div className="data-table" data-testid={testId}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('offers.actions')}</span>
            </th>
            <th scope="col">{t('offers.result')}</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
