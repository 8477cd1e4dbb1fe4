# SPDX-License-Identifier: Zlib
# The front end's tests: controls and bindings, camera, renderer and menus
# (software renderer, no display), the game drawn without a display, and the
# game in a window under a virtual X server.
platformer_test(test_input test_input.c)
target_link_libraries(test_input PRIVATE platform_core)
# settings.json round trips are written in the build tree
target_compile_definitions(test_input PRIVATE
  INPUT_SCRATCH="${CMAKE_CURRENT_BINARY_DIR}/input-scratch")

platformer_test(test_display test_display.c)
target_link_libraries(test_display PRIVATE platform_core)

platformer_test(test_render_camera test_render_camera.c)
target_link_libraries(test_render_camera PRIVATE platform_core)

platformer_test(test_render test_render.c platform/synth_atlas.c)
target_include_directories(test_render PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/platform)
target_link_libraries(test_render PRIVATE platform_core)
set_tests_properties(test_render PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=dummy")

platformer_test(test_render_menu test_render_menu.c platform/synth_atlas.c)
target_include_directories(test_render_menu PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/platform)
target_link_libraries(test_render_menu PRIVATE platform_core)
set_tests_properties(test_render_menu PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=dummy")

platformer_test(test_render_game test_render_game.c)
target_link_libraries(test_render_game PRIVATE platform_core)
# white-box: drives the front end's screens directly
target_include_directories(test_render_game PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
# settings and progress are read from a scratch folder, never the user's
set_tests_properties(test_render_game PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-data")

platformer_test(test_screens test_screens.c)
target_link_libraries(test_screens PRIVATE platform_core)
# white-box: drives the front end's screens directly
target_include_directories(test_screens PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
set_tests_properties(test_screens PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-screens")

# Text beyond ASCII in the real font (screenshots in scratch-text/shots/).
platformer_test(test_render_text test_render_text.c)
target_link_libraries(test_render_text PRIVATE platform_core json)
target_include_directories(test_render_text PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
set_tests_properties(test_render_text PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-text")

# The game in a window under a virtual X server (xvfb-run, xdotool).
add_test(NAME platform_window_smoke
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/platform/window_smoke.sh
          $<TARGET_FILE:platformer> ${PROJECT_SOURCE_DIR}/tests/levels/good/basic.json
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
# Alone: timing-driven key presses do not share the machine with valgrind.
set_tests_properties(platform_window_smoke PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)

# A saved scale of 8 on a 1280x720 screen opens at the largest that fits.
add_test(NAME platform_window_fits_the_display
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/platform/window_fit.sh $<TARGET_FILE:platformer>
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(platform_window_fits_the_display PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)

# The screens that know the campaign, through a small campaign of its own
# made in a scratch folder (with the real assets linked in).
platformer_test(test_campaign_screens test_campaign_screens.c)
target_link_libraries(test_campaign_screens PRIVATE platform_core audio)
target_include_directories(test_campaign_screens PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
set_tests_properties(test_campaign_screens PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-campaign")
