import { describeFuzzGroup } from './fuzz-group.ts';

await describeFuzzGroup('catalog');
