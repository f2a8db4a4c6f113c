/** @kit/kit-db: models, migrations, CRUD routes and vector search for kit apps. */
export {};
