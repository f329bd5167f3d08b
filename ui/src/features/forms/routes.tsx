// The program registrations, withdrawing a submission, and the staff desk; strings in the
// "forms.*" sections.
import { dashboardSections, formSections, lazyView, page, type RouteDef, site } from '../../app/routeKit';

const volunteerRegister = lazyView('forms/Volunteer', () => import('./pages/Volunteer').then((m) => m.VolunteerRegister));
const roadmapRegister = lazyView('forms/Roadmap', () => import('./pages/Roadmap').then((m) => m.RoadmapRegister));
const withdrawSubmission = lazyView('forms/Withdraw', () => import('./pages/Withdraw').then((m) => m.WithdrawSubmission));
const formsDesk = lazyView('forms/desk/Desk', () => import('./pages/desk/Desk').then((m) => m.FormsDesk));
const formsSubmission = lazyView('forms/desk/Submission', () => import('./pages/desk/Submission').then((m) => m.FormsSubmission));
// The desk fetches the labels of the form a submission belongs to when it shows one; it names
// countries (data.countries: its own chunk, per language), as the volunteer form does from its
// second step (loaded after the page: see Volunteer.tsx).
const deskSections = [...dashboardSections, 'forms.names', 'forms.ui', 'forms.desk', 'data.countries'];

export const routes: RouteDef[] = [
  site('/programs/cultural-volunteer/register', 'forms.volunteer', volunteerRegister, { sections: formSections('volunteer') }),
  site('/programs/road-map/register', 'forms.roadmap', roadmapRegister, { sections: formSections('roadmap') }),
  site('/support-center/delete-submission', 'forms.withdraw', withdrawSubmission),
  page('/dashboard/forms', 'dashboard.submissions', formsDesk, { sections: deskSections }),
  // A submission: ":form" and ":id" are any one segment each (the server matches the manifest the same way).
  page('/dashboard/forms/:form/:id', 'forms.desk.detail', formsSubmission, { page: 'dashboard/forms/submission', sections: deskSections }),
];
