// The validation message under a form field; `id` is referenced by the field's aria-describedby.
export const FieldError = ({ id, message }: { id?: string; message?: string }) =>
  message ? (
    <p id={id} className="mt-1.5 text-xs text-red-600">
      {message}
    </p>
  ) : null;
