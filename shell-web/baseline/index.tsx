// The size baseline (npm run size): a plain rspack app, without lazy routes or anything
// of the signed-in area, that renders the shell's login screen with the same providers.
import '../src/styles';
import { createBrowserRouter } from 'react-router';
import { mount } from '../src/mount';
import Login from '../src/public/login/Login';

mount(createBrowserRouter([{ path: '/', element: <Login /> }]));
