import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDemoServer, resultText } from './demo-server-client.ts';

describe('meal-planner demo server (stdio, official SDK client)', () => {
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    return { result, data: result.isError ? undefined : JSON.parse(resultText(result)) };
  };
  beforeAll(async () => {
    client = await connectDemoServer('meal-planner');
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists the seven tools of seed 004 with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['check_calendar', 'filter_dishes', 'get_beverages', 'get_dishes_by_meal_type', 'get_meal_history', 'get_side_dishes', 'get_user_preferences'],
    );
    const filter = tools.find((tool) => tool.name === 'filter_dishes')!;
    expect(Object.keys(filter.inputSchema.properties ?? {})).toEqual(['dishes', 'max_time', 'difficulty', 'cuisine']);
    expect(filter.inputSchema.properties?.max_time).toMatchObject({ type: 'integer' });
    expect(filter.inputSchema.properties?.dishes).toMatchObject({ type: 'array' });
    const byType = tools.find((tool) => tool.name === 'get_dishes_by_meal_type')!;
    expect(byType.inputSchema.properties?.meal_type).toMatchObject({ enum: ['breakfast', 'lunch', 'dinner'] });
  });

  it('reads the calendar date from REINS_DEMO_DATE', async () => {
    expect((await call('check_calendar')).data).toEqual({ date: '2025-10-17', day: 'Friday' });
  });

  it('returns the meal history of the last N days', async () => {
    expect((await call('get_meal_history', { days: 7 })).data).toEqual({ recent_meals: [], count: 0 });
    expect((await call('get_meal_history', { days: 14 })).data).toEqual({
      recent_meals: [
        { date: '2025-10-08', meal_type: 'dinner', dish: 'Dal Makhani' },
        { date: '2025-10-05', meal_type: 'lunch', dish: 'Rajma Chawal' },
      ],
      count: 2,
    });
  });

  it('serves dishes, sides, beverages and preferences', async () => {
    const dinner = (await call('get_dishes_by_meal_type', { meal_type: 'dinner' })).data;
    expect(dinner.count).toBe(6);
    expect(dinner.dishes.map((dish: { name: string }) => dish.name)).toContain('Aloo Matar');
    expect((await call('get_side_dishes')).data.dishes.map((dish: { name: string }) => dish.name)).toContain('Roti');
    expect((await call('get_beverages')).data.dishes.map((dish: { name: string }) => dish.name)).toContain('Masala Chai');
    expect((await call('get_user_preferences')).data).toMatchObject({ diet: 'vegetarian' });
  });

  it('filters dishes by time, maximum difficulty and cuisine', async () => {
    const dinner = (await call('get_dishes_by_meal_type', { meal_type: 'dinner' })).data.dishes;
    const quickEasy = (await call('filter_dishes', { dishes: dinner, max_time: 40, difficulty: 'Easy', cuisine: 'any' })).data;
    expect(quickEasy.filtered_dishes.map((dish: { name: string }) => dish.name)).toEqual(['Aloo Matar', 'Vegetable Pulao']);
    expect(quickEasy.count).toBe(2);
    const chinese = (await call('filter_dishes', { dishes: dinner, max_time: 60, difficulty: 'medium', cuisine: 'Chinese' })).data;
    expect(chinese.filtered_dishes.map((dish: { name: string }) => dish.name)).toEqual(['Vegetable Stir-Fry']);
  });

  it('rejects arguments that do not match the input schema', async () => {
    const { result } = await call('get_dishes_by_meal_type', { meal_type: 'brunch' });
    expect(result.isError).toBe(true);
  });
});
