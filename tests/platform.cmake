# The front end's tests: controls, camera, renderer (software renderer, no
# display), and the game under a virtual X server.
platformer_test(test_input test_input.c)
target_link_libraries(test_input PRIVATE platform_core)

platformer_test(test_render_camera test_render_camera.c)
target_link_libraries(test_render_camera PRIVATE platform_core)
