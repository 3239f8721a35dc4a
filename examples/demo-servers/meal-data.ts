/**
 * The bundled data of the meal-planner demo server (seed 004): a small dish list, a fixed meal
 * history and one user's preferences. Times are minutes.
 */
export type MealType = 'breakfast' | 'lunch' | 'dinner' | 'side' | 'beverage';
export type Difficulty = 'Easy' | 'Medium' | 'Hard';

export interface Dish {
  name: string;
  meal_type: MealType;
  cuisine: string;
  cook_time: number;
  difficulty: Difficulty;
  vegetarian: boolean;
}

const dish = (name: string, meal_type: MealType, cuisine: string, cook_time: number, difficulty: Difficulty, vegetarian = true): Dish => ({
  name,
  meal_type,
  cuisine,
  cook_time,
  difficulty,
  vegetarian,
});

export const DISHES: readonly Dish[] = [
  dish('Poha', 'breakfast', 'Indian', 20, 'Easy'),
  dish('Masala Dosa', 'breakfast', 'Indian', 40, 'Medium'),
  dish('Aloo Paratha', 'breakfast', 'Indian', 35, 'Medium'),
  dish('Vegetable Omelette', 'breakfast', 'Continental', 15, 'Easy', false),
  dish('Rajma Chawal', 'lunch', 'Indian', 60, 'Medium'),
  dish('Chole Bhature', 'lunch', 'Indian', 50, 'Medium'),
  dish('Khichdi', 'lunch', 'Indian', 30, 'Easy'),
  dish('Grilled Cheese Sandwich', 'lunch', 'Continental', 15, 'Easy'),
  dish('Dal Makhani', 'dinner', 'Indian', 90, 'Medium'),
  dish('Aloo Matar', 'dinner', 'Indian', 30, 'Easy'),
  dish('Palak Paneer', 'dinner', 'Indian', 45, 'Medium'),
  dish('Vegetable Pulao', 'dinner', 'Indian', 35, 'Easy'),
  dish('Chicken Curry', 'dinner', 'Indian', 50, 'Medium', false),
  dish('Vegetable Stir-Fry', 'dinner', 'Chinese', 25, 'Medium'),
  dish('Roti', 'side', 'Indian', 20, 'Easy'),
  dish('Jeera Rice', 'side', 'Indian', 25, 'Easy'),
  dish('Cucumber Raita', 'side', 'Indian', 10, 'Easy'),
  dish('Green Salad', 'side', 'Continental', 10, 'Easy'),
  dish('Masala Chai', 'beverage', 'Indian', 10, 'Easy'),
  dish('Mango Lassi', 'beverage', 'Indian', 10, 'Easy'),
  dish('Buttermilk', 'beverage', 'Indian', 5, 'Easy'),
];

/** Meals eaten before the calendar date (`days_ago` 1 = yesterday). */
export const MEAL_HISTORY: readonly { days_ago: number; meal_type: MealType; dish: string }[] = [
  { days_ago: 9, meal_type: 'dinner', dish: 'Dal Makhani' },
  { days_ago: 12, meal_type: 'lunch', dish: 'Rajma Chawal' },
  { days_ago: 20, meal_type: 'dinner', dish: 'Palak Paneer' },
];

export const USER_PREFERENCES = {
  diet: 'vegetarian',
  spice_level: 'medium',
  preferred_cuisines: ['Indian'],
  dislikes: ['mushroom'],
  weeknight_max_cook_time: 40,
} as const;

export const DIFFICULTY_RANK: Record<string, number> = { easy: 1, medium: 2, hard: 3 };
