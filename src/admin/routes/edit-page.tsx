import { Link } from 'react-router';

/** The edit-page route is a stub that shows only placeholder text (docs/SCREENS.md). */
export default function EditPageStub() {
  return (
    <div className="space-y-2">
      <h2 className="text-xl font-semibold text-slate-900">Edit Page</h2>
      <p className="text-slate-600">
        Pages are edited from the{' '}
        <Link to="/pages" className="font-medium text-primary-ink underline">
          Pages list
        </Link>
        .
      </p>
      <p className="text-slate-600">
        A page you create is published at its own address, <code>/slug</code>, as soon as it is saved.{' '}
        <Link to="/add-edit-page" className="font-medium text-primary-ink underline">
          Create Page
        </Link>
      </p>
    </div>
  );
}
