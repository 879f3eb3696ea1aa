/**
 * The styles every page needs from its first paint, and the only ones the
 * login page loads: Mantine's base (reset, CSS variables, global rules), the
 * components of the public frame, the login form, the alerts, the update
 * prompt and the error page, with the components they are built from
 * (buttons on UnstyledButton and Loader, inputs on Input, the password eye
 * on ActionIcon, alerts and notices with CloseButton). A component added to
 * those screens needs its file here. Every other page loads all of
 * Mantine's styles with its code (src/ui/styles/all-styles.ts).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
// The shell's touch-target, badge and alert rules (they outrank Mantine's whatever the order).
import '../shell.css';
// The 44 px targets inside inputs and editors: clear buttons, rich-text toolbar, checkboxes.
import './touch-targets.css';
