# The front end's tests: controls, camera, renderer (software renderer, no
# display), and the game under a virtual X server.
platformer_test(test_input test_input.c)
target_link_libraries(test_input PRIVATE platform_core)

platformer_test(test_render_camera test_render_camera.c)
target_link_libraries(test_render_camera PRIVATE platform_core)

platformer_test(test_render test_render.c platform/synth_atlas.c)
target_include_directories(test_render PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/platform)
target_link_libraries(test_render PRIVATE platform_core)
set_tests_properties(test_render PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=dummy")
