import './styles';
import { mount } from './mount';
import { router } from './router';

mount(router);
