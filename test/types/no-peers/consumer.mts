// Compiled by scripts/type-tests.mjs in a project without mongoose, sequelize or any other optional peer:
// kitjs's declarations must compile there with skipLibCheck off, and the managers keep their declared shapes.
import kit, { mongodbManager, type SequelizeManager, SQLiteManager, sequelizeManager } from 'kitjs';

const app = kit();
app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));

const db = new SQLiteManager();
await db.sequelize.authenticate();
const Note = mongodbManager.createCollection<{ text: string }>('Note', { text: String });
const name: string = Note.modelName;
// @ts-expect-error: without mongoose the model is the declared shape, not `any`
Note.notAMongooseMethod();
const state: number = mongodbManager.connection.readyState;
const chosen: SequelizeManager = sequelizeManager(process.env.DATABASE_URL ?? ':memory:');
await chosen.sequelize.sync();

export { app, name, state };
