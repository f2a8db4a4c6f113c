/**
 * Loads the embedded corpus once so that its snapshot is on disk before the first start; run at
 * image build time (see the Dockerfile), where the package directory is still writable.
 */
import { embeddedContentDirectory } from '../content/index.js';
import { loadContentWithSnapshot } from './content-snapshot.js';

const content = await loadContentWithSnapshot(process.argv[2] ?? embeddedContentDirectory);
process.stdout.write(`kit docs: content snapshot ready (${content.documents.length} documents)\n`);
