// A type expression from the reference; named schemas (ProfileGroup, ProfileGroup[]) link to their section.
export const TypeLabel = ({ type }: { type: string }) => {
  const named = /^([A-Z][A-Za-z0-9]*)(\[\])?$/.exec(type);
  if (named) {
    return (
      <a href={`#schema-${named[1]}`} className="font-mono text-[13px] text-indigo-700 hover:underline">
        {type}
      </a>
    );
  }
  return <code className="font-mono text-[13px] text-slate-700">{type}</code>;
};
