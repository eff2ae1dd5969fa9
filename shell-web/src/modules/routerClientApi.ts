/**
 * The part of react-router that remotes get from the shell. Sharing `import * as` the
 * whole package would mark every export as used and pull the router's server-rendering
 * code (about 13 KB gzipped) into the chunks the login page loads; a remote needs only
 * the browser-side hooks and components, inside the shell's router.
 */
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useBlocker,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';
