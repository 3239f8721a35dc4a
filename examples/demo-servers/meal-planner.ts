/**
 * Demo MCP server for seed 004's meal planner, over stdio. Deterministic: the calendar date is
 * `REINS_DEMO_DATE` (YYYY-MM-DD) when set, else today.
 *
 *   node examples/demo-servers/meal-planner.ts
 */
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import { DIFFICULTY_RANK, DISHES, type Dish, MEAL_HISTORY, USER_PREFERENCES } from './meal-data.ts';

const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function calendarDate(): Date {
  const fixed = process.env.REINS_DEMO_DATE;
  const date = fixed ? new Date(`${fixed}T12:00:00Z`) : new Date();
  if (Number.isNaN(date.getTime())) throw new Error(`REINS_DEMO_DATE must be YYYY-MM-DD, got "${fixed}"`);
  return date;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dishesOf = (mealType: Dish['meal_type']) => DISHES.filter((dish) => dish.meal_type === mealType);
const ofMealType = (mealType: Dish['meal_type']) => () => {
  const dishes = dishesOf(mealType);
  return json({ dishes, count: dishes.length });
};

const server = new McpServer(
  { name: 'reins-demo-meal-planner', version: '0.1.0' },
  { instructions: 'Plans a meal from a bundled dish list: check the calendar and history, fetch dishes, filter, then answer.' },
);

server.registerTool(
  'check_calendar',
  { description: "Today's date and weekday.", inputSchema: z.object({}), annotations: { readOnlyHint: true } },
  async () => {
    const date = calendarDate();
    return json({ date: isoDay(date), day: DAY_NAMES[date.getUTCDay()] });
  },
);

server.registerTool(
  'get_meal_history',
  {
    description: 'Meals eaten in the last `days` days.',
    inputSchema: z.object({ days: z.number().int().min(1).max(365).describe('How many days to look back') }),
    annotations: { readOnlyHint: true },
  },
  async ({ days }) => {
    const today = calendarDate().getTime();
    const recent_meals = MEAL_HISTORY.filter((meal) => meal.days_ago <= days).map((meal) => ({
      date: isoDay(new Date(today - meal.days_ago * 86_400_000)),
      meal_type: meal.meal_type,
      dish: meal.dish,
    }));
    return json({ recent_meals, count: recent_meals.length });
  },
);

server.registerTool(
  'get_user_preferences',
  { description: "The user's diet, tastes and time limits.", inputSchema: z.object({}), annotations: { readOnlyHint: true } },
  async () => json(USER_PREFERENCES),
);

server.registerTool(
  'get_dishes_by_meal_type',
  {
    description: 'Main dishes for one meal.',
    inputSchema: z.object({ meal_type: z.enum(['breakfast', 'lunch', 'dinner']) }),
    annotations: { readOnlyHint: true },
  },
  async ({ meal_type }) => ofMealType(meal_type)(),
);

server.registerTool(
  'get_side_dishes',
  { description: 'Side dishes (breads, rice, raita, salad).', inputSchema: z.object({}), annotations: { readOnlyHint: true } },
  async () => ofMealType('side')(),
);

server.registerTool(
  'get_beverages',
  { description: 'Beverages.', inputSchema: z.object({}), annotations: { readOnlyHint: true } },
  async () => ofMealType('beverage')(),
);

server.registerTool(
  'filter_dishes',
  {
    description:
      'Keeps the dishes that cook within max_time minutes, are at most the given difficulty (Easy < Medium < Hard, or "any") and of the given cuisine (or "any").',
    inputSchema: z.object({
      dishes: z
        .array(z.looseObject({ name: z.string(), cook_time: z.number().optional(), difficulty: z.string().optional(), cuisine: z.string().optional() }))
        .describe('Dishes as returned by the other tools'),
      max_time: z.number().int().min(1).describe('Maximum cooking time in minutes'),
      difficulty: z.string().describe('Easy, Medium, Hard or any'),
      cuisine: z.string().describe('A cuisine such as Indian, or any'),
    }),
    annotations: { readOnlyHint: true },
  },
  async ({ dishes, max_time, difficulty, cuisine }) => {
    const maxRank = DIFFICULTY_RANK[difficulty.toLowerCase()] ?? Number.POSITIVE_INFINITY;
    const filtered_dishes = dishes.filter(
      (dish) =>
        (dish.cook_time ?? Number.POSITIVE_INFINITY) <= max_time &&
        (DIFFICULTY_RANK[(dish.difficulty ?? '').toLowerCase()] ?? Number.POSITIVE_INFINITY) <= maxRank &&
        (cuisine.toLowerCase() === 'any' || (dish.cuisine ?? '').toLowerCase() === cuisine.toLowerCase()),
    );
    return json({ filtered_dishes, count: filtered_dishes.length });
  },
);

await server.connect(new StdioServerTransport());
