import { useUser } from '../user-context.ts';

export default function Dashboard() {
  const user = useUser();
  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">Welcome, {user.name}</h2>
      <p className="mt-2 text-slate-600">Select a section from the menu to begin managing the application.</p>
    </div>
  );
}
