interface SectionHeadingProps {
  id: string;
  title: string;
  lead?: string;
}

/** The centred title and lead every landing section opens with; `id` labels the section. */
export function SectionHeading({ id, title, lead }: SectionHeadingProps) {
  return (
    <header className="home-heading">
      <h2 id={id}>{title}</h2>
      {lead && <p>{lead}</p>}
    </header>
  );
}
