import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading, PageTransition } from './ui';
import { RouteError } from './RouteError';

// Every screen is its own chunk: the login page loads only its own code, and the
// signed-in area (with the federation runtime) only once someone goes there.
const Login = lazy(() => import(/* webpackChunkName: "login" */ './public/login/Login'));
const SignUp = lazy(() => import(/* webpackChunkName: "signup" */ './public/signup/SignUp'));
const ResetPassword = lazy(() => import(/* webpackChunkName: "reset" */ './public/reset/ResetPassword'));
const TicketApproval = lazy(() => import(/* webpackChunkName: "approval" */ './public/approval/TicketApproval'));
const AcceptInvitation = lazy(
  () => import(/* webpackChunkName: "invitation" */ './public/invitation/AcceptInvitation'),
);
const LinkedinReturn = lazy(() => import(/* webpackChunkName: "linkedin" */ './public/social/LinkedinReturn'));
const TermsAndConditions = lazy(() => import(/* webpackChunkName: "terms" */ './public/legal/TermsAndConditions'));
const PrivacyPolicy = lazy(() => import(/* webpackChunkName: "privacy" */ './public/legal/PrivacyPolicy'));
const ServiceAgreement = lazy(() => import(/* webpackChunkName: "agreement" */ './public/legal/ServiceAgreement'));
const EnterpriseEdition = lazy(
  () => import(/* webpackChunkName: "enterprise" */ './public/enterprise/EnterpriseEdition'),
);
const AppArea = lazy(() => import(/* webpackChunkName: "app" */ './app/AppArea'));

function publicPage(path: string, Page: LazyExoticComponent<ComponentType>): RouteObject {
  return {
    path,
    // The public routes match exactly, case included: /usersignup is not /userSignup.
    caseSensitive: true,
    element: (
      <Suspense fallback={<Loading />}>
        <PageTransition>
          <Page />
        </PageTransition>
      </Suspense>
    ),
  };
}

/** The public routes; every other path belongs to the signed-in area. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      publicPage('/', Login),
      publicPage('/userSignup', SignUp),
      publicPage('/resetPassword', ResetPassword),
      publicPage('/updateTicketApproveStatus', TicketApproval),
      publicPage('/acceptInvitation', AcceptInvitation),
      publicPage('/linkedin', LinkedinReturn),
      publicPage('/terms-and-conditions', TermsAndConditions),
      publicPage('/privacy-policy', PrivacyPolicy),
      publicPage('/ServiceAggrement', ServiceAgreement),
      publicPage('/EnterpriseEdition', EnterpriseEdition),
      {
        path: '*',
        element: (
          <Suspense fallback={<Loading />}>
            <AppArea />
          </Suspense>
        ),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
