// Mantine's full sheet, loaded with every screen but the first view (see ./first-view-styles).
import '@mantine/core/styles.css';
