// Shown to a staff user whose password was tried wrongly between their previous sign-in and this one
// (lib/services/users/sign-in-failures.ts); gone after the next sign-in without failures.
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const SignInNotice = ({ attempts, addresses }: { attempts: number; addresses: number }) => {
  if (attempts <= 0) return null;
  return (
    <div
      role="status"
      data-testid="sign-in-notice"
      className="border-b border-red-200 bg-red-50 px-6 py-2 text-sm text-red-900 lg:px-10"
    >
      {count(attempts, "failed sign-in attempt", "failed sign-in attempts")} from{" "}
      {count(addresses, "address", "addresses")} before this sign-in.
    </div>
  );
};
