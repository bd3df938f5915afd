// The body of /embed.js: mounts the widget described by the <script> tag that loaded it.
import { start } from './loader.ts';

start(document.currentScript instanceof HTMLScriptElement ? document.currentScript : null);
