export { FavouriteToggle } from './FavouriteToggle';
