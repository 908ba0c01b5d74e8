import { mount } from 'svelte';
import App from './components/App.svelte';
import { applyTheme } from './state/theme.svelte.ts';
import './components/theme.css';

// The remembered theme before the first paint, so a dark page never flashes light.
applyTheme();
mount(App, { target: document.getElementById('app')! });
